/** Saves text as a file through a temporary object URL and a download link: every download the
 *  page offers (trace exports, the sequence diagram's SVG and Mermaid) goes through here. */
export function saveText(name: string, text: string, mime: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: mime }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoke later: some browsers start the download after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
