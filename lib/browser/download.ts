/** Saves text as a file through a temporary object URL and a download link: every download the
 *  page offers (trace exports, the sequence diagram's SVG and Mermaid) goes through here. A file
 *  given in parts (a stored session's export) is saved without joining them into one string. */
export function saveText(name: string, text: string | readonly string[], mime: string): void {
  const url = URL.createObjectURL(new Blob(typeof text === 'string' ? [text] : [...text], { type: mime }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoke later: some browsers start the download after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
