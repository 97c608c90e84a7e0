import CICal
import Testing
@testable import TickInterchange

@Suite("LibICal: libical opened on first use, called through forwarders with libical's names (qualified here: a test module sees libical's own declarations too)")
struct LibICalTests {
    @Test("loading opens libical.so.3 and its functions answer as libical does")
    func loadsAndCalls() throws {
        try LibICal.load()
        try ICalendarWriter.loadLibrary()
        let summary = TickInterchange.icalproperty_string_to_kind("SUMMARY")
        let dueValue = TickInterchange.icalproperty_kind_to_value_kind(ICAL_DUE_PROPERTY)
        let vtodo = TickInterchange.icalcomponent_kind_to_string(ICAL_VTODO_COMPONENT).map { String(cString: $0) }
        let null = TickInterchange.icaltime_is_null_time(TickInterchange.icaltime_null_time())
        #expect(summary == ICAL_SUMMARY_PROPERTY)
        #expect(dueValue == ICAL_DATETIME_VALUE)
        #expect(vtodo == "VTODO")
        #expect(null == 1)
    }

    @Test("a libical value of a struct type crosses the function pointer intact (icaltimetype, time_t, a pointer to one)")
    func structValues() throws {
        try LibICal.load()
        let utc = TickInterchange.icaltimezone_get_utc_timezone()
        var time = TickInterchange.icaltime_from_timet_with_zone(1_796_083_200, 0, utc) // 2026-12-01T00:00:00Z
        let isUTC = TickInterchange.icaltime_is_utc(time)
        var isDaylight: Int32 = -1
        let offset = TickInterchange.icaltimezone_get_utc_offset(utc, &time, &isDaylight)
        #expect(time.year == 2026 && time.month == 12 && time.day == 1 && time.hour == 0)
        #expect(isUTC == 1)
        #expect(offset == 0 && isDaylight == 0)
    }
}
