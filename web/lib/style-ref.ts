/**
 * A ref that sets style properties through the DOM. A `style` attribute in HTML rendered on the
 * server is refused by the content security policy (style-src 'self'); styles set from script
 * are not. Use it for values only known at run time; fixed ones belong in a stylesheet.
 */
export function styleRef(style: Partial<Pick<CSSStyleDeclaration, 'minHeight' | 'width'>>) {
  return (element: HTMLElement | null) => {
    if (element) Object.assign(element.style, style);
  };
}
