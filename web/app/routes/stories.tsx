export function Component() {
  return <div className="container section"><h1>stories</h1></div>;
}
