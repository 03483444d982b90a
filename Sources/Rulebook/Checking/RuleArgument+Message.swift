extension RuleArgument {
    /// The argument as a message renders it (`field` arguments as display names), for
    /// callers outside the engine that render a rule's message themselves (a form's
    /// requirements checklist).
    package var messageArgument: MessageArgument { RuleCompiler.messageArgument(self) }
}
