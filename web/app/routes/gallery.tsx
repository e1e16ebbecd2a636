export function Component() {
  return <div className="container section"><h1>gallery</h1></div>;
}
