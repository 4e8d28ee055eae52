export async function run(): Promise<number> {
  console.log(`loupe: an inspector for MCP servers

  loupe start [--port N] [--host ADDR] [--config-dir DIR] [--session-budget SIZE] [--no-build]
        start the dashboard; prints one URL that carries this launch's access token
  loupe record --out FILE [options] (-- COMMAND [ARGS...] | --url URL [--header 'K: V']...)
        handshake, discover tools/resources/prompts, run scripted calls, write the trace
  loupe check [options] [FILE | -- COMMAND [ARGS...] | --url URL [--header 'K: V']... [--probe]]
        analyse a trace or a live server; --format text|json|junit|sarif, --fail-on LEVEL
  loupe export FILE --to trace|html|har|otlp|mermaid [--out FILE]
        convert a trace, with secrets redacted by default
  loupe diff A B [--format text|json]
        what changed between two traces: tools, resources, prompts, capabilities, findings
  loupe bench
        print performance figures

Run a command with --help for its options.`);
  return 0;
}
