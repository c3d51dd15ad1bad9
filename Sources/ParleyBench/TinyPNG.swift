import Foundation

/// Small valid PNG files made in memory (uncompressed deflate), for seeded image messages:
/// real pictures a front end can decode, a few hundred bytes each.
enum TinyPNG {
    /// A `size`×`size` RGB gradient tinted by `hue` (0–255).
    static func gradient(size: Int, hue: Int) -> Data {
        var raw: [UInt8] = []
        for y in 0..<size {
            raw.append(0)  // filter type: none
            for x in 0..<size {
                raw += [UInt8((hue + x * 16) & 0xFF), UInt8((y * 255) / max(1, size - 1)), UInt8((255 - hue) & 0xFF)]
            }
        }
        var header: [UInt8] = []
        header += bigEndian(UInt32(size)) + bigEndian(UInt32(size))
        header += [8, 2, 0, 0, 0]  // 8-bit RGB, deflate, no filter, no interlace
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += chunk("IHDR", header) + chunk("IDAT", zlibStored(raw)) + chunk("IEND", [])
        return Data(png)
    }

    private static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + body
        return bigEndian(UInt32(body.count)) + typed + bigEndian(crc32(typed))
    }

    /// `bytes` as a zlib stream of stored (uncompressed) deflate blocks.
    private static func zlibStored(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let count = min(65_535, bytes.count - start)
            let isLast = start + count == bytes.count
            out.append(isLast ? 1 : 0)
            out += [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += bytes[start..<start + count]
            start += count
        } while start < bytes.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + bigEndian(b << 16 | a)
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
