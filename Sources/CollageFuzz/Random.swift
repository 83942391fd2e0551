// The fuzzer's seeded random numbers (SplitMix64). Every input draws from its
// own generator, made from the run's seed and the input's number, so any one
// input can be replayed alone (`--seed S --replay N`). Not for cryptography.

struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// The generator for input `index` of the run seeded with `seed`.
    init(seed: UInt64, index: Int) {
        var mixer = SplitMix64(seed: seed ^ (UInt64(truncatingIfNeeded: index) &* 0xD1B5_4A32_D192_ED03))
        state = mixer.next()
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// 0..<n (0 when n <= 0). Modulo bias is irrelevant here.
    mutating func below(_ n: Int) -> Int {
        n <= 0 ? 0 : Int(next() % UInt64(n))
    }

    /// lower...upper.
    mutating func int(_ lower: Int, _ upper: Int) -> Int {
        lower + below(upper - lower + 1)
    }

    /// True once in `n` draws.
    mutating func oneIn(_ n: Int) -> Bool { below(n) == 0 }

    mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next()) }

    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}
