export function Component() {
  return <div className="container section"><h1>blogs</h1></div>;
}
