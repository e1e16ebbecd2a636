export function Component() {
  return <div className="container section"><h1>blog</h1></div>;
}
