export function Component() {
  return <div className="container section"><h1>about</h1></div>;
}
