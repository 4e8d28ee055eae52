/**
 * For tests: enough of an XML reader to prove that what the JUnit report writes is well-formed
 * (tags nest, attribute values and text use only the predefined entities, no control characters).
 * Returns the names of the opening tags in order; throws on the first problem.
 */
export function xmlElementNames(text: string): string[] {
  const names: string[] = [];
  const stack: string[] = [];
  const body = text.replace(/^<\?xml[^?]*\?>\s*/, '');
  const token = /<(\/?)([A-Za-z_][\w.-]*)((?:\s+[\w:-]+="[^"<&]*(?:&(?:amp|lt|gt|quot|apos);[^"<&]*)*")*)\s*(\/?)>|([^<]+)/gy;
  let m: RegExpExecArray | null;
  let pos = 0;
  while ((m = token.exec(body))) {
    pos = token.lastIndex;
    const [, close, name, , selfClose, chars] = m;
    if (chars !== undefined) {
      if (/[&<>]/.test(chars.replace(/&(amp|lt|gt|quot|apos);/g, ''))) throw new Error(`unescaped markup in text: ${chars}`);
      if ([...chars].some((c) => c.charCodeAt(0) < 0x20 && !'\t\n\r'.includes(c))) throw new Error(`control character in text: ${JSON.stringify(chars)}`);
      continue;
    }
    if (close) {
      const open = stack.pop();
      if (open !== name) throw new Error(`</${name}> closes <${open}>`);
    } else {
      names.push(name);
      if (!selfClose) stack.push(name);
    }
  }
  if (pos !== body.length) throw new Error(`not XML at offset ${pos}: ${body.slice(pos, pos + 40)}`);
  if (stack.length) throw new Error(`unclosed elements: ${stack.join(', ')}`);
  return names;
}
