import Foundation

/// A small deterministic generator (SplitMix64), so a failing fuzz input can be replayed.
/// SplitMix64 (Steele, Lea & Flood): tiny, fast and fully reproducible from one seed.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(state: UInt64) { self.state = state }
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (`bound` > 0).
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.upperBound - range.lowerBound + 1)
    }

    /// True with probability `percent` / 100.
    mutating func percent(_ percent: Int) -> Bool { below(100) < percent }

    mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }
}

enum FuzzSettings {
    /// The number of inputs a fuzz test tries: `byDefault`, or `TABNAV_FUZZ_STEPS` when set
    /// (`make fuzz` runs a million in release).
    static func steps(_ byDefault: Int) -> Int {
        Int(ProcessInfo.processInfo.environment["TABNAV_FUZZ_STEPS"] ?? "") ?? byDefault
    }

    /// `bytes` with 1–4 random bytes replaced, removed or inserted.
    static func mutate(_ bytes: [UInt8], using generator: inout SplitMix64) -> [UInt8] {
        var result = bytes
        for _ in 0..<Int.random(in: 1...4, using: &generator) where !result.isEmpty {
            let index = Int.random(in: 0..<result.count, using: &generator)
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: result[index] = UInt8.random(in: 0...255, using: &generator)
            case 1: result.remove(at: index)
            default: result.insert(UInt8.random(in: 0...255, using: &generator), at: index)
            }
        }
        return result
    }
}
