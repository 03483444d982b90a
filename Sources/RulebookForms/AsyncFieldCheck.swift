import Rulebook

/// A check only a server can make ("username taken"), run by a ``FormSession`` for one
/// field after the field's synchronous rules pass: at the same pause in typing as they,
/// cancelled when the user types on, with the field ``FieldState/validating`` meanwhile.
public struct AsyncFieldCheck: Sendable {
    /// The field checked, as the rules write it.
    public let field: String
    /// The stable code a failure reports (``FieldState/rejected(code:message:)``).
    public let code: String
    /// The message a failure shows.
    public let message: String
    /// Whether the value passes. A thrown error (other than cancellation) shows as a
    /// failure with the error's description, never as a pass.
    public let test: @Sendable (Value) async throws -> Bool

    /// A check of `field`.
    public init(field: String, code: String, message: String, test: @escaping @Sendable (Value) async throws -> Bool) {
        self.field = field
        self.code = code
        self.message = message
        self.test = test
    }
}

/// What an asynchronous check said against a value.
struct AsyncRejection: Sendable, Hashable {
    let code: String
    let message: String
}
