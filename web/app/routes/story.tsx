export function Component() {
  return <div className="container section"><h1>story</h1></div>;
}
