export async function run(): Promise<number> {
  console.log(`loupe: an inspector for MCP servers

  loupe start [--port N] [--host ADDR]   start the dashboard (prints a URL with its access token)
  loupe record --out FILE -- CMD ARGS    record a session with a server into a trace file
  loupe check [FILE | -- CMD ARGS]       analyse a trace or a live server; exit non-zero on findings
  loupe bench                            print performance figures`);
  return 0;
}
