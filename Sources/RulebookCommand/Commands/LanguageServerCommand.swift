import RulebookLanguageServer

/// `rulebook lsp`: serves the Language Server Protocol over stdin and stdout.
struct LanguageServerCommand: Command {
    static let configuration = CommandConfiguration(
        name: "lsp",
        abstract: "run the language server (LSP 3.17 over stdio)",
        discussion: """
            Speaks the Language Server Protocol over stdin and stdout with Content-Length \
            framing, for editors: diagnostics as you type (the same checker as 'rulebook \
            check'), hover, completion, go to definition, document symbols, formatting and \
            quick fixes. Logs go to stderr; nothing but protocol messages is written to stdout.

            Editors start it themselves; see docs/editors.md for VS Code, Neovim, Emacs, \
            Helix and Zed.
            """,
        examples: [Example(command: "rulebook lsp", explanation: "Started by an editor, not by hand.")],
        sections: [
            (
                "EXIT STATUS",
                """
                  0  the client sent shutdown and then exit
                  1  the client exited without shutdown, or stdin closed
                  2  usage errors
                """
            )
        ]
    )

    init(_ arguments: ParsedArguments) throws(UsageError) {}

    func run(in context: CommandContext) throws -> ExitStatus {
        context.stdout.flush()
        context.stderr.flush()
        let status = LanguageServer.run(input: context.stdinDescriptor, output: 1, log: 2, version: RulebookTool.version)
        return status == 0 ? .success : .failure
    }
}
