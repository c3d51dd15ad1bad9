/// A value kept behind a reference, so that a field that is rarely set costs its holder
/// one pointer instead of the value's whole size. Immutable: setting the field makes a
/// new box, so copies of the holder stay independent values.
final class Boxed<Value: Sendable>: Sendable {
    /// The value.
    let value: Value

    /// A box holding `value`.
    init(_ value: Value) { self.value = value }
}
