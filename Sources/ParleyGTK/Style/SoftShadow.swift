import Foundation
import ParleyCore
import ParleyImaging

/// A soft shadow under a rounded shape, as pixels: what CSS `box-shadow: 0 2px 6px` draws,
/// made once for a size instead of blurred again on every frame.
///
/// GSK's cairo renderer blurs a `box-shadow` each time it draws the area under it, and a
/// floating button sits over the scrolling list, so every scroll step paid for the blur
/// (a fifth of a wheel step's work with the new-messages button shown, #15). A texture of
/// the shadow costs a copy of its pixels instead.
///
/// The shadow's alpha at a point is `alpha × Φ(−d / σ)`: `d` is the signed distance from
/// the point to the shape (moved by ``offsetY``), σ is half the ``blur`` as in CSS, and Φ is
/// the normal distribution. That is a Gaussian blur's result along straight edges, and
/// close to it at the corners.
struct SoftShadow: Hashable, Sendable {
    /// How far the shadow falls below the shape, in points.
    var offsetY: Double = 2
    /// The blur, as CSS's blur radius (twice the Gaussian's standard deviation), in points.
    var blur: Double = 6
    /// The shadow's opacity under the shape.
    var alpha: Double = 0.25
    /// The corner radius; nil for a pill (half the height).
    var cornerRadius: Double?

    /// The most pixels a shadow picture may hold; a shape so large that its shadow would
    /// need more gets none (a floating control is never that big).
    static let maximumPixels = 1 << 20

    /// How far the shadow reaches past the shape on every side, in whole points (at most
    /// 256): the shape sits this far inside the picture.
    var margin: Int { min(256, max(0, Int(saturating: (blur + abs(offsetY)).rounded(.up)))) }

    /// The shadow of a `width` × `height` shape (points) at `scale` pixels a point: a
    /// picture of `(width + 2 × margin) × (height + 2 × margin)` points, black with the
    /// shadow's alpha. Nil for an empty shape or one too large (``maximumPixels``).
    func picture(width: Int, height: Int, scale: Int = 1) -> Picture? {
        let scale = max(1, min(scale, 4))
        guard width > 0, height > 0, width <= Self.maximumPixels, height <= Self.maximumPixels else { return nil }
        let pixelsWide = (width + 2 * margin) * scale, pixelsHigh = (height + 2 * margin) * scale
        guard pixelsWide * pixelsHigh <= Self.maximumPixels else { return nil }
        let pixel = 1 / Double(scale)
        let halfWidth = Double(width) / 2, halfHeight = Double(height) / 2
        let radius = min(cornerRadius ?? halfHeight, halfWidth, halfHeight)
        let centerX = Double(margin) + halfWidth, centerY = Double(margin) + halfHeight + offsetY
        let sigma = max(blur / 2, 0.01)
        var rgba = [UInt8](repeating: 0, count: pixelsWide * pixelsHigh * 4)
        for row in 0..<pixelsHigh {
            let y = (Double(row) + 0.5) * pixel - centerY
            for column in 0..<pixelsWide {
                let x = (Double(column) + 0.5) * pixel - centerX
                let distance = Self.distance(x: x, y: y, halfWidth: halfWidth, halfHeight: halfHeight, radius: radius)
                // Φ(−d/σ) = erfc(d / (σ√2)) / 2
                let coverage = erfc(distance / (sigma * 2.0.squareRoot())) / 2
                rgba[(row * pixelsWide + column) * 4 + 3] = UInt8(saturating: (alpha * coverage * 255).rounded())
            }
        }
        return Picture(width: pixelsWide, height: pixelsHigh, rgba: rgba)
    }

    /// The signed distance from (`x`, `y`) to a rectangle of the given half sizes centred
    /// on the origin with corners of `radius`: negative inside.
    static func distance(x: Double, y: Double, halfWidth: Double, halfHeight: Double, radius: Double) -> Double {
        let qx = abs(x) - (halfWidth - radius), qy = abs(y) - (halfHeight - radius)
        let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
        return outside + min(max(qx, qy), 0) - radius
    }
}
