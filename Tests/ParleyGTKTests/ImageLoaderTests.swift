import CGtk4
import Foundation
import ParleyCore
import ParleyImaging
import Testing

@testable import ParleyGTK

extension GTKTests {
    @Suite("ImageLoader")
    @MainActor
    struct ImageLoaderTests {
        /// A loader of its own: no disk cache, a texture budget as given.
        func loader(memoryLimit: Int = 64 << 20) -> ImageLoader {
            ImageLoader(fetcher: ImageFetcher(configuration: .init(diskCache: nil)), memoryLimit: memoryLimit)
        }

        /// A red-to-blue gradient (left to right) as PNG bytes.
        func gradientPNG(width: Int, height: Int) -> Data {
            var rgba = [UInt8](repeating: 255, count: width * height * 4)
            for y in 0..<height {
                for x in 0..<width {
                    let index = (y * width + x) * 4
                    rgba[index] = UInt8(255 - 255 * x / max(1, width - 1))
                    rgba[index + 1] = 0
                    rgba[index + 2] = UInt8(255 * x / max(1, width - 1))
                }
            }
            return Picture(width: width, height: height, rgba: rgba)!.pngData()!
        }

        /// Waits for `source` at `maxSize` to stop loading; its final state.
        func settled(_ loader: ImageLoader, _ source: ImageSource, _ maxSize: Size) async -> ImageState {
            await GTKHarness.pump(until: { loader.state(of: source, maxSize: maxSize) != .loading }, timeout: .seconds(20))
            return loader.state(of: source, maxSize: maxSize)
        }

        /// The texture's pixels as GDK hands them out: B, G, R, A, premultiplied.
        func downloaded(_ texture: Texture) -> [UInt8] {
            var pixels = [UInt8](repeating: 0, count: texture.byteCount)
            gdk_texture_download(texture.pointer, &pixels, gsize(texture.width * 4))
            return pixels
        }

        @Test("an image loads into a texture fitted to the size asked for, colours in place (#4)")
        func loadsDownscaled() async throws {
            try GTKHarness.start()
            let loader = loader()
            let source = ImageSource.data(gradientPNG(width: 400, height: 300))
            let box = Size(width: 100, height: 100)
            #expect(loader.state(of: source, maxSize: box) == .loading)
            let texture = try #require(await settled(loader, source, box).texture)
            #expect(texture.width == 100 && texture.height == 75)
            #expect(gdk_texture_get_width(texture.pointer) == 100 && gdk_texture_get_height(texture.pointer) == 75)
            let pixels = downloaded(texture)
            #expect(pixels[2] > 200 && pixels[0] < 60, "left edge is red")  // B G R A
            let right = 99 * 4
            #expect(pixels[right] > 200 && pixels[right + 2] < 60, "right edge is blue")
            // A widget shows it at that size.
            let picture = gtk_picture_new_for_paintable(texture.paintable)!
            let window = try GTKHarness.window(picture)
            defer { GTKHarness.close(window) }
            #expect(gdk_paintable_get_intrinsic_width(texture.paintable) == 100)
        }

        @Test("a texture makes a picture widget that shows it, and a window can hold it (#11)")
        func makesPicture() async throws {
            try GTKHarness.start()
            let picture = try #require(Picture(width: 40, height: 20, rgba: [UInt8](repeating: 200, count: 40 * 20 * 4)))
            let texture = Texture(picture)
            let widget = texture.makePicture()
            let gtkPicture = OpaquePointer(widget.gtkWidget)
            #expect(gtk_picture_get_paintable(gtkPicture) == texture.paintable)
            let window = Window(title: "picture", width: 80, height: 60)
            window.child = widget
            #expect(window.child == widget)
            #expect(window.title == "picture")
            window.present()
            defer { window.close() }
            await GTKHarness.pump(until: { gtk_widget_get_width(widget.pointer) > 0 })
            #expect(gtk_widget_get_height(widget.pointer) <= 60)
        }

        @Test("straight alpha goes to GDK as straight alpha, not premultiplied twice (#4)")
        func straightAlpha() async throws {
            try GTKHarness.start()
            let loader = loader()
            let png = try #require(Picture(width: 1, height: 1, rgba: [255, 0, 0, 128])?.pngData())
            let texture = try #require(await settled(loader, .data(png), Size(width: 8, height: 8)).texture)
            let pixel = downloaded(texture)
            #expect(pixel[3] == 128)
            #expect((127...129).contains(Int(pixel[2])), "red premultiplied once: \(pixel)")
        }

        @Test("a failure says why; retry loads again and observers hear each change (#4)")
        func failureAndRetry() async throws {
            try GTKHarness.start()
            let loader = loader()
            var heard: [ImageSource] = []
            let observation = loader.observe { heard.append($0) }
            defer { observation.cancel() }
            let path = NSTemporaryDirectory() + "parley-loader-\(UUID().uuidString).png"
            defer { try? FileManager.default.removeItem(atPath: path) }
            let source = ImageSource.file(path: path), box = Size(width: 50, height: 50)

            #expect(await settled(loader, source, box) == .failed("Image not found"))
            #expect(heard == [source])
            let garbage = ImageSource.data(Data("<html>no</html>".utf8))
            #expect(await settled(loader, garbage, box) == .failed("Not an image"))

            try gradientPNG(width: 20, height: 10).write(to: URL(fileURLWithPath: path))
            #expect(loader.state(of: source, maxSize: box) == .failed("Image not found"), "failures stay until retried")
            loader.retry(source)
            #expect(loader.state(of: source, maxSize: box) == .loading)
            let texture = try #require(await settled(loader, source, box).texture)
            #expect(texture.width == 20 && texture.height == 10)
            #expect(heard == [source, garbage, source, source])  // failed, failed, loading again, loaded
            let before = loader.loadsStarted
            loader.retry(source)  // not failed: nothing to do
            #expect(loader.loadsStarted == before && loader.state(of: source, maxSize: box).texture === texture)
        }

        @Test("asking again while loading joins the load: one load, one texture (#4)")
        func oneLoad() async throws {
            try GTKHarness.start()
            let loader = loader()
            let source = ImageSource.data(gradientPNG(width: 300, height: 300))
            let box = Size(width: 64, height: 64)
            #expect(loader.state(of: source, maxSize: box) == .loading)
            #expect(loader.state(of: source, maxSize: box) == .loading)
            let first = try #require(await settled(loader, source, box).texture)
            let second = try #require(loader.state(of: source, maxSize: box).texture)
            #expect(first === second)
            #expect(loader.loadsStarted == 1)
            _ = loader.state(of: source, maxSize: Size(width: 32, height: 32))  // another size is another load
            #expect(loader.loadsStarted == 2)
        }

        @Test("observers stop when their token is cancelled or released (#4)")
        func observationEnds() async throws {
            try GTKHarness.start()
            let loader = loader()
            var cancelledCalls = 0, releasedCalls = 0, keptCalls = 0
            let cancelled = loader.observe { _ in cancelledCalls += 1 }
            var released: ImageLoader.Observation? = loader.observe { _ in releasedCalls += 1 }
            let kept = loader.observe { _ in keptCalls += 1 }
            defer { kept.cancel() }
            let box = Size(width: 16, height: 16)
            _ = await settled(loader, .data(gradientPNG(width: 4, height: 4)), box)
            #expect(cancelledCalls == 1 && releasedCalls == 1 && keptCalls == 1)
            cancelled.cancel()
            released = nil
            #expect(released == nil)
            _ = await settled(loader, .data(gradientPNG(width: 5, height: 5)), box)
            #expect(cancelledCalls == 1 && releasedCalls == 1 && keptCalls == 2)
        }

        @Test("textures past the memory budget go, least recently asked for first (#4)")
        func memoryBudget() async throws {
            try GTKHarness.start()
            let textureBytes = 50 * 50 * 4
            let loader = loader(memoryLimit: textureBytes * 5 / 2)
            let box = Size(width: 50, height: 50)
            let sources = (0..<3).map { ImageSource.data(gradientPNG(width: 50 + $0, height: 50 + $0)) }
            _ = await settled(loader, sources[0], box)
            _ = await settled(loader, sources[1], box)
            _ = loader.state(of: sources[0], maxSize: box)  // the first is now more recent than the second
            _ = await settled(loader, sources[2], box)
            #expect(loader.memoryUsed == 2 * textureBytes)
            #expect(loader.loadsStarted == 3)
            #expect(loader.state(of: sources[0], maxSize: box).texture != nil)
            #expect(loader.state(of: sources[2], maxSize: box).texture != nil)
            #expect(loader.state(of: sources[1], maxSize: box) == .loading, "evicted: asked for again, it reloads")
            #expect(loader.loadsStarted == 4)
        }
    }
}
