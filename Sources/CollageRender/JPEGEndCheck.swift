// Tells whether a JPEG file reaches the end of its main image. libjpeg
// quietly pads a truncated file with grey and gdk-pixbuf reports success, so
// we follow the file's segment structure as its bytes stream past: header
// segments are skipped by their length (an EXIF thumbnail's own end marker
// sits inside one), and after the main image's first scan an end-of-image
// marker (FF D9) must come. Entropy-coded data never holds FF D9 (FF is
// stuffed as FF 00), and data after the end marker (a motion photo's video)
// does not matter. This reads structure only; pixels are libjpeg's business.

import Foundation

struct JPEGEndCheck {
    private enum Phase {
        case marker      // expecting FF, then a marker byte
        case length      // reading a segment's two length bytes
        case entropy     // inside scan data, looking for FF D9
        case done
    }

    private var phase = Phase.marker
    private var sawFF = false
    private var marker: UInt8 = 0
    private var lengthBytes: [UInt8] = []
    private var skip = 0

    var reachedEnd: Bool { phase == .done }

    mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>) {
        var i = 0
        let n = bytes.count
        while i < n, phase != .done {
            if skip > 0 {
                let step = min(skip, n - i)
                skip -= step
                i += step
                continue
            }
            switch phase {
            case .marker:
                let byte = bytes[i]
                i += 1
                if !sawFF {
                    sawFF = byte == 0xFF
                    continue
                }
                if byte == 0xFF { continue }  // fill bytes
                sawFF = false
                marker = byte
                switch byte {
                case 0xD8, 0x01, 0xD0...0xD7: continue  // markers without a length
                case 0xD9: phase = .done
                default: phase = .length
                }
            case .length:
                lengthBytes.append(bytes[i])
                i += 1
                if lengthBytes.count == 2 {
                    let length = Int(lengthBytes[0]) << 8 | Int(lengthBytes[1])
                    lengthBytes.removeAll(keepingCapacity: true)
                    skip = max(0, length - 2)
                    phase = marker == 0xDA ? .entropy : .marker
                }
            case .entropy:
                if sawFF {
                    sawFF = false
                    if bytes[i] == 0xD9 {
                        phase = .done
                        continue
                    }
                    if bytes[i] == 0xFF { sawFF = true }
                    i += 1
                    continue
                }
                guard let base = bytes.baseAddress,
                      let hit = memchr(base + i, 0xFF, n - i) else {
                    i = n
                    continue
                }
                i = base.distance(to: hit.assumingMemoryBound(to: UInt8.self)) + 1
                sawFF = true
            case .done:
                break
            }
        }
    }
}
