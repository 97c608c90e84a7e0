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
}
