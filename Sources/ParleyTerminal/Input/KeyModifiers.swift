/// The modifier keys held during a key press or mouse report.
///
/// Terminals report Shift, Alt (also called Meta or Option) and Ctrl; other modifiers a
/// terminal may encode (Super, Hyper, Caps Lock, Num Lock) are dropped.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: UInt8

    /// Creates a set from raw bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Shift.
    public static let shift = KeyModifiers(rawValue: 1 << 0)
    /// Alt (Meta, Option): terminals send it as an ESC before the key.
    public static let alt = KeyModifiers(rawValue: 1 << 1)
    /// Control.
    public static let ctrl = KeyModifiers(rawValue: 1 << 2)

    /// The modifiers of an xterm-style modifier parameter (`CSI 1 ; m A`), where
    /// `m - 1` has bit 0 for Shift, 1 for Alt, 2 for Ctrl. Missing or invalid values mean none.
    init(xtermParameter m: Int?) {
        guard let m, m > 1 else { self = []; return }
        let bits = m - 1
        var result: KeyModifiers = []
        if bits & 1 != 0 { result.insert(.shift) }
        if bits & 2 != 0 { result.insert(.alt) }
        if bits & 4 != 0 { result.insert(.ctrl) }
        self = result
    }
}
