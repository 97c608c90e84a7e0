import Foundation
import TickActions
import TickModel

/// The time zone of a request: the user's, not the server's. A client names it in the
/// header field `Time-Zone` (an IANA name, as GitHub's REST API takes it:
/// `Time-Zone: America/New_York`); the request's dates are then read there: the phrases of
/// `due`, `start`, `alarms` and `occurrence` (`tomorrow 9am` is 09:00 in New York, kept in
/// America/New_York, so a repeating one follows New York's daylight saving; `tomorrow` is
/// New York's tomorrow), a date and time without an offset, and the days of the smart lists
/// and their counts (Today, Overdue). Without the field the server's zone is used,
/// as before. A name Tick does not know is refused (400 `unknown-time-zone`, naming it) by
/// every route, before anything is read or changed, rather than read in another zone than
/// the client meant; the web app then asks again without it.
///
/// The page itself, asked for by a browser before any script runs, names the zone in the
/// cookie `tick_time_zone` the app sets, so that its first answers (`bootPage`) count the
/// browser's days too.
extension WebService {
    /// The header field that names the zone of a request.
    static let timeZoneField = "Time-Zone"
    /// The cookie the web app keeps its browser's zone in, for the page's first answers.
    static let timeZoneCookie = "tick_time_zone"

    /// The zone `request` names in `Time-Zone`, or nil when it names none.
    /// - Throws: `Problem` 400 (`unknown-time-zone`) for a value that is not a time zone
    ///   name Tick knows (`TimeZoneIdentifier.zone(named:)`: an IANA name, any case).
    static func requestTimeZone(_ request: HTTPRequest) throws(Problem) -> TimeZone? {
        guard let value = request.header(timeZoneField) else { return nil }
        let name = value.trimmingCharacters(in: .whitespaces)
        // A control character (NUL) ends the name for the C library that reads it: the name
        // before it was taken (a tester: `America/New_York` + NUL was New York).
        guard !name.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else {
            throw Problem(status: 400, name: "unknown-time-zone",
                          detail: "the \(timeZoneField) header holds a control character; give an IANA zone name such as Europe/Berlin, "
                              + "or leave it out for the server's zone")
        }
        guard let (zone, _) = TimeZoneIdentifier.zone(named: name) else {
            let shown = name.shown(atMost: 80)
            throw Problem(status: 400, name: "unknown-time-zone",
                          detail: "the \(timeZoneField) header names '\(shown)', which is \(TimeZoneIdentifier.refusal(of: name)), "
                              + "or leave it out for the server's zone")
        }
        return zone
    }

    /// `request` with the zone of the web app's cookie `tick_time_zone` as its `Time-Zone`,
    /// when it names none itself and the cookie names a zone Tick knows (a page asked for by
    /// the browser, for its first answers; else they are in the server's zone, as the app's
    /// requests then are).
    static func namingCookieTimeZone(_ request: HTTPRequest) -> HTTPRequest {
        guard request.header(timeZoneField) == nil, let cookie = request.cookies[timeZoneCookie],
              let name = HTTPRequest.decoded(cookie, plusIsSpace: false), TimeZoneIdentifier.zone(named: name) != nil else {
            return request
        }
        var request = request
        request.headers[timeZoneField.lowercased()] = name
        return request
    }
}

extension WebService.Configuration {
    /// The action context of `request`: the clock read now, in the zone its `Time-Zone`
    /// names, else the server's (`timeZone`).
    /// - Throws: `Problem` 400 for a zone Tick does not know (`WebService.requestTimeZone`).
    func actionContext(for request: HTTPRequest) throws(Problem) -> ActionContext {
        actionContext(in: try WebService.requestTimeZone(request))
    }
}
