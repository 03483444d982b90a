#if canImport(SwiftUI)
    import SwiftUI
    import Rulebook

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    extension FormSession {
        /// A text field's binding: reads the field's text, and types into it (debounced).
        public func text(_ path: String) -> Binding<String> {
            Binding(
                get: { MainActor.assumeIsolated { self.field(path)?.value?.stringValue ?? "" } },
                set: { text in MainActor.assumeIsolated { _ = try? self.type(text, into: path) } })
        }

        /// A toggle's binding: reads the field as a boolean, and sets it at once.
        public func toggle(_ path: String) -> Binding<Bool> {
            Binding(
                get: { MainActor.assumeIsolated { self.field(path)?.value?.boolValue ?? false } },
                set: { flag in MainActor.assumeIsolated { _ = try? self.set(.bool(flag), at: path) } })
        }
    }

    /// The shortest complete screen: a field with its error under it and a Save button that
    /// stays disabled until the form can be submitted.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    struct FormSessionExampleView: View {
        @State var session: FormSession
        @FocusState private var focused: Bool
        let save: (Value) -> Void

        var body: some View {
            Form {
                TextField("First name", text: session.text("firstName"))
                    .focused($focused)
                    .onChange(of: focused) { _, isFocused in if !isFocused { try? session.leave("firstName") } }
                if let message = session.field("firstName")?.state.message { Text(message).foregroundStyle(.red) }
                Button("Save") { if case .ready(let patch, _) = session.submit() { save(patch) } }
                    .disabled(!session.canSubmit)
            }
        }
    }
#endif
