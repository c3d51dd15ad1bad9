import CImageCodecs
import Foundation
import ParleyImaging

/// Pictures and encoded images made on the spot for the tests.
enum TestImages {
    /// A red-to-blue gradient left to right, green growing downwards, opaque.
    static func gradient(width: Int, height: Int) -> Picture {
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let index = (y * width + x) * 4
                rgba[index] = UInt8(255 - 255 * x / max(1, width - 1))
                rgba[index + 1] = UInt8(255 * y / max(1, height - 1))
                rgba[index + 2] = UInt8(255 * x / max(1, width - 1))
            }
        }
        return Picture(width: width, height: height, rgba: rgba)!
    }

    /// `picture` as PNG bytes.
    static func png(_ picture: Picture) -> Data {
        picture.pngData()!
    }

    /// `picture` as JPEG bytes (libjpeg-turbo, quality 90, no chroma subsampling;
    /// progressive when asked, with 4:2:0 chroma).
    static func jpeg(_ picture: Picture, progressive: Bool = false) -> Data {
        let handle = tjInitCompress()!
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = tjCompress2(
            handle, picture.rgba, Int32(picture.width), 0, Int32(picture.height), Int32(TJPF_RGBA.rawValue), &output,
            &size, Int32((progressive ? TJSAMP_420 : TJSAMP_444).rawValue), 90, progressive ? TJFLAG_PROGRESSIVE : 0)
        precondition(status == 0)
        defer { tjFree(output) }
        return Data(bytes: output!, count: Int(size))
    }

    /// A valid PNG whose header claims `width` × `height` (a 2×2 image's IHDR rewritten,
    /// with its checksum): only the header is believable, which is all a decoder that
    /// refuses it from its header will read.
    static func pngHeader(width: UInt32, height: UInt32) -> Data {
        var bytes = [UInt8](png(gradient(width: 2, height: 2)))
        // The IHDR chunk: length at 8, "IHDR" at 12, width at 16, height at 20, CRC at 29.
        put(width, into: &bytes, at: 16)
        put(height, into: &bytes, at: 20)
        put(crc32(bytes[12..<29]), into: &bytes, at: 29)
        return Data(bytes)
    }

    /// A complete, valid baseline JPEG of `width` × `height` mid-grey pixels that takes a
    /// few bytes per 8×8 block, written by hand: a one-channel image whose Huffman tables
    /// each hold a single one-bit code (DC difference 0, end of block), so every block is
    /// two zero bits. A 30000×30000 image is 3.5 MB here, where its pixels would be 3.6 GB.
    static func greyJPEG(width: Int, height: Int) -> Data {
        func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
            let length = payload.count + 2
            return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        }
        let oneCodeTable = [1] + [UInt8](repeating: 0, count: 15) + [0x00]  // one code of length 1 → symbol 0
        var bytes: [UInt8] = [0xFF, 0xD8]  // SOI
        bytes += segment(0xDB, [0x00] + [UInt8](repeating: 1, count: 64))  // DQT: table 0, all ones
        bytes += segment(
            0xC0,  // SOF0: 8 bits, height, width, one component (id 1, 1×1 sampling, table 0)
            [8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 1, 1, 0x11, 0])
        bytes += segment(0xC4, [0x00] + oneCodeTable)  // DHT: DC table 0
        bytes += segment(0xC4, [0x10] + oneCodeTable)  // DHT: AC table 0 (symbol 0 = end of block)
        bytes += segment(0xDA, [1, 1, 0x00, 0, 63, 0])  // SOS: component 1, tables 0/0, full spectrum
        let blocks = ((width + 7) / 8) * ((height + 7) / 8)
        let bits = blocks * 2
        var scan = [UInt8](repeating: 0, count: (bits + 7) / 8)
        if bits % 8 != 0 { scan[scan.count - 1] = UInt8((1 << (8 - bits % 8)) - 1) }  // pad with ones
        bytes += scan
        bytes += [0xFF, 0xD9]  // EOI
        return Data(bytes)
    }

    /// The CRC-32 PNG chunks carry (reflected polynomial 0xEDB88320), bit by bit.
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private static func put(_ value: UInt32, into bytes: inout [UInt8], at offset: Int) {
        for index in 0..<4 { bytes[offset + index] = UInt8(value >> (24 - 8 * index) & 0xFF) }
    }
}

/// The process's peak resident memory so far, in bytes: VmHWM in /proc/self/status (since
/// the last ``resetPeakResidentBytes()``). Not getrusage's ru_maxrss, which starts at the
/// peak of the `swift test` process this one was forked from.
func peakResidentBytes() -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
        let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
    else {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return usage.ru_maxrss * 1024
    }
    return kilobytes * 1024
}

/// Lowers the peak ``peakResidentBytes()`` reports to the memory resident now (Linux: 5
/// written to /proc/self/clear_refs), so a measurement counts only what follows. Where
/// that cannot be done the peak stays, and growth is measured from it.
func resetPeakResidentBytes() {
    guard let file = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return }
    defer { try? file.close() }
    try? file.write(contentsOf: Data("5".utf8))
}

/// A fresh, empty folder under the temporary directory (the test removes it).
func temporaryDirectory() -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("parley-imaging-\(UUID().uuidString)", isDirectory: true)
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// The image error `body` throws, or nil when it returns.
func error(_ body: () async throws -> Data) async -> ImageError? {
    do {
        _ = try await body()
        return nil
    } catch {
        return error as? ImageError
    }
}
