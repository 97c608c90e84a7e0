/// What an edit does to one field that can be empty: leave it, set it, or clear it.
///
/// One value instead of a pair of optionals, so "set and clear at once" cannot be said.
public enum FieldEdit<Value: Hashable & Sendable>: Hashable, Sendable {
    /// Leave the field as it is.
    case keep
    /// Give the field this value.
    case set(Value)
    /// Empty the field.
    case clear

    /// Whether the edit leaves the field as it is.
    public var isKeep: Bool { self == .keep }

    /// The field's value after the edit, from its value `current` before.
    public func applied(to current: Value?) -> Value? {
        switch self {
        case .keep: return current
        case .set(let value): return value
        case .clear: return nil
        }
    }

    /// The value being set, or nil for `keep` and `clear`.
    public var newValue: Value? {
        if case .set(let value) = self { return value }
        return nil
    }
}
