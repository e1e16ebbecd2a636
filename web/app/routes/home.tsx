export function Component() {
  return <div className="container section"><h1>home</h1></div>;
}
