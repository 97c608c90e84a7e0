import Testing
import TickModel

@Suite("Manual order arithmetic")
struct ManualOrderTests {
    @Test("respacing a window: even spacing strictly inside its bounds, the gap toward an open end, nil without room")
    func respaced() {
        #expect(ManualOrder.respaced(count: 3, floor: 0, ceiling: 400) == [100, 200, 300])
        #expect(ManualOrder.respaced(count: 3, floor: 0, ceiling: 40) == nil)
        #expect(ManualOrder.respaced(count: 3, floor: -64, ceiling: 64) == [-32, 0, 32])
        #expect(ManualOrder.respaced(count: 2, floor: 5, ceiling: nil) == [5 + 1024, 5 + 2048])
        #expect(ManualOrder.respaced(count: 2, floor: nil, ceiling: 5) == [5 - 2048, 5 - 1024])
        #expect(ManualOrder.respaced(count: 3, floor: nil, ceiling: nil) == [1024, 2048, 3072])
        #expect(ManualOrder.respaced(count: 0, floor: 1, ceiling: 2) == [])
        // Overflow on either side is no room: the store then respaces the whole list.
        #expect(ManualOrder.respaced(count: 2, floor: Int64.max - 10, ceiling: nil) == nil)
        #expect(ManualOrder.respaced(count: 2, floor: nil, ceiling: Int64.min + 10) == nil)
        #expect(ManualOrder.respaced(count: 2, floor: Int64.min, ceiling: Int64.max) == nil)
        #expect(ManualOrder.respaced(count: 2, floor: 10, ceiling: 10) == nil)
        // The least spacing is kept exactly at the edge.
        let edge = ManualOrder.minimumSpacing * 4
        #expect(ManualOrder.respaced(count: 3, floor: 0, ceiling: edge) == [edge / 4, edge / 2, 3 * edge / 4])
        #expect(ManualOrder.respaced(count: 3, floor: 0, ceiling: edge - 1) == nil)
    }

    /// `respace` over a list held in memory: `values` in the list's order, the place before
    /// index `place`. - Returns: the value given to the place and the list's values after.
    static func respaced(_ values: [Int64], at place: Int, spacing: Int64 = 1) -> (value: Int64?, after: [Int64], written: Int) {
        var list = values
        var written = 0
        let value = ManualOrder.respace(spacing: spacing, rows: { before, limit in
            let indices = before ? Array((0..<place).reversed()) : Array(place..<list.count)
            return indices.prefix(limit).map { (Int64($0), list[$0]) }
        }, write: { number, value in
            list[Int(number)] = value
            written += 1
        })
        return (value, list, written)
    }

    /// A tester: in a list of 1,000,000 reminders of one creation second without sort keys of
    /// their own (all keys tie), the first move rewrote every key in the list (66 s in `tick ui`).
    @Test("where every value ties, only the rows between the place and the nearer end are respaced")
    func tiesRespaceTheNearerSide() throws {
        for (count, place) in [(10_000, 7_000), (10_000, 3_000), (100, 1), (100, 99), (40, 20)] {
            let (value, after, written) = Self.respaced(Array(repeating: 500, count: count), at: place)
            let placed = try #require(value)
            #expect(written == min(place, count - place), "\(count) at \(place)")
            var order = after
            order.insert(placed, at: place)
            // Strictly ordered from the end that moved to past the place; the ties beyond it stay.
            let strict = place <= count - place ? order[0...(place + 1)] : order[(place - 1)...]
            #expect(zip(strict, strict.dropFirst()).allSatisfy { $0 < $1 }, "\(count) at \(place)")
            #expect(zip(order, order.dropFirst()).allSatisfy { $0 <= $1 })
        }
        // Values with room a little way off: the window with room, not a side to its end.
        var values = (0..<1_000).map { Int64($0) * 1_024 }
        for index in 490..<510 { values[index] = 500 * 1_024 }
        let (value, after, written) = Self.respaced(values, at: 500, spacing: 32)
        #expect(value != nil && written <= 2 * 64)
        var order = after
        order.insert(try #require(value), at: 500)
        #expect(zip(order, order.dropFirst()).allSatisfy { $0 < $1 })
        // Values may not pass `top` toward the upper end: the step shrinks under it; without room
        // there, the other side; both ends open, the values end at it.
        #expect(ManualOrder.respaced(count: 4, floor: 100, ceiling: nil, spacing: 1, step: 1_024, top: 500) == [200, 300, 400, 500])
        #expect(ManualOrder.respaced(count: 4, floor: 100, ceiling: nil, spacing: 1, step: 1_024, top: 103) == nil)
        #expect(ManualOrder.respaced(count: 4, floor: 100, ceiling: nil, spacing: 1, step: 1_024, top: 103, beyondTop: 1) == [101, 102, 103, 104])
        #expect(ManualOrder.respaced(count: 4, floor: 100, ceiling: nil, spacing: 1, step: 1_024, top: 103, beyondTop: 0) == nil)
        #expect(ManualOrder.respaced(count: 3, floor: nil, ceiling: nil, spacing: 1, step: 1_024, top: 2_000) == [-48, 976, 2_000])
        #expect(ManualOrder.respaced(count: 3, floor: nil, ceiling: nil, spacing: 1, step: 1_024, top: 5_000) == [1_024, 2_048, 3_072])
        var bounded = Array(repeating: Int64(500), count: 100)
        var writes = 0
        let placed = ManualOrder.respace(spacing: 1, step: 1_024, top: 520, rows: { before, limit in
            let indices = before ? Array((0..<80).reversed()) : Array(80..<100)
            return indices.prefix(limit).map { (Int64($0), bounded[$0]) }
        }, write: { number, value in
            bounded[Int(number)] = value
            writes += 1
        })
        // The 20 after the place would need 21 values in 501...520: the 80 before it are spread down instead.
        #expect(writes == 80 && placed == 500 - 1_024 && bounded.max() == 500 && bounded[79] == 500 - 2_048 && bounded[0] == 500 - 81 * 1_024)
        // Past `top` by at most `beyondTop` counted from `top`, not from the values already past it
        // (a tester: counted from those, the hour added up move after move).
        var past = Array(repeating: Int64(500), count: 100)
        past[99] = 504
        let placedPast = ManualOrder.respace(spacing: 1, step: 1_024, top: 500, beyondTop: 8, rows: { before, limit in
            let indices = before ? Array((0..<90).reversed()) : Array(90..<100)
            return indices.prefix(limit).map { (Int64($0), past[$0]) }
        }, write: { number, value in past[Int(number)] = value })
        #expect(placedPast == 500 - 1_024 && past.max() == 504 && past[89] == 500 - 2_048, "\(past)")
        // Near an end, that side alone: two rows, not the 16 of a window on both sides.
        let near = Self.respaced(Array(repeating: 7, count: 100), at: 2)
        #expect(near.written == 2 && near.value == 7 - 1_024 && near.after[0...1] == [7 - 3 * 1_024, 7 - 2 * 1_024])
    }
}
