/// Conversions from floating point that cannot trap.
///
/// `Int(someDouble)` stops the program when the value is NaN, infinite or beyond the
/// integer's range, and such values reach the kit from outside (a peer's image size or
/// typing timeout, a date from a file). Every conversion of a measured or received
/// number to an integer in Parley's modules goes through these.
extension FixedWidthInteger {
    /// `value` rounded toward zero, its nearest end past the type's range, 0 for NaN.
    @inlinable package init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value <= Double(Self.min) {
            self = .min
        } else if value >= Double(Self.max) {
            // Double(max) rounds up to a power of two for 64 bits, so every smaller double fits.
            self = .max
        } else {
            self.init(value)
        }
    }
}
