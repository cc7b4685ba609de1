/**
 * The Content-Security-Policy nonce of this page. The API renders index.html per request with a
 * fresh nonce on `<meta name="csp-nonce">` and allows `style-src 'nonce-…'` (plugins/
 * admin-web.ts): antd writes its styles into <style> elements at run time, each carrying it.
 * Without a server (Vite's dev server) there is no nonce and no policy.
 */
export function readCspNonce(doc: Document = document): string | undefined {
  const meta = doc.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]');
  // Browsers hide a nonce attribute's value from getAttribute once parsed; the property keeps it.
  const nonce = meta?.nonce || meta?.getAttribute('nonce') || '';
  return nonce && !nonce.startsWith('__') ? nonce : undefined;
}

/**
 * antd's own styles get the nonce through ConfigProvider's `csp`, but a few of the rc-component
 * helpers it uses (the scroll lock of modals) create <style> elements without asking for one.
 * Every <style> the console's own scripts create gets the nonce here; markup injected as HTML
 * still cannot, which is what the policy guards against.
 */
export function giveStylesNonce(nonce: string | undefined, doc: Document = document): void {
  if (!nonce) return;
  const create = doc.createElement.bind(doc);
  doc.createElement = ((tagName: string, options?: ElementCreationOptions) => {
    const element = create(tagName, options);
    if (element instanceof HTMLStyleElement) element.nonce = nonce;
    return element;
  }) as typeof doc.createElement;
}
