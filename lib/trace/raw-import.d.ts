/** Tests import golden trace files as text through the bundler's `?raw` suffix (lib/ has no fs). */
declare module '*?raw' {
  const text: string;
  export default text;
}
