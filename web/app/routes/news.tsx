export function Component() {
  return <div className="container section"><h1>news</h1></div>;
}
