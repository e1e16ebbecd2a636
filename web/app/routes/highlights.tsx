export function Component() {
  return <div className="container section"><h1>highlights</h1></div>;
}
