import CICal
import TickModel

/// libical (`libical.so.3`), opened the first time a command reads or writes iCalendar,
/// not by the dynamic loader at every start (with the ICU libraries it brings, it cost
/// every `tick` command about 1 ms; see `SharedLibrary`).
///
/// `CICal` gives the header's types and constants and links nothing. The functions Tick
/// calls are looked up once per process into this table, and the free functions below
/// shadow libical's declarations with the same names and types, so the code that reads and
/// writes iCalendar calls them as it would call libical (a call this file does not forward
/// fails to link: nothing reaches libical around it).
///
/// Every way into libical passes `LibICal.load()` first: `ICalendarComponentParser`'s
/// initializer (reading: files, CalDAV bodies, kept lines) and `ICalendarWriter.load()`
/// (writing), which throw `InterchangeError` with kind `libraryMissing`, saying which
/// package to install. A forwarder reached without that check stops the process with the
/// same message.
struct LibICal: @unchecked Sendable {
    let icalcomponent_as_ical_string_r: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
    let icalcomponent_free: @convention(c) (OpaquePointer?) -> Void
    let icalcomponent_get_first_component: @convention(c) (OpaquePointer?, icalcomponent_kind) -> OpaquePointer?
    let icalcomponent_get_first_property: @convention(c) (OpaquePointer?, icalproperty_kind) -> OpaquePointer?
    let icalcomponent_get_next_component: @convention(c) (OpaquePointer?, icalcomponent_kind) -> OpaquePointer?
    let icalcomponent_get_next_property: @convention(c) (OpaquePointer?, icalproperty_kind) -> OpaquePointer?
    let icalcomponent_isa: @convention(c) (OpaquePointer?) -> icalcomponent_kind
    let icalcomponent_kind_to_string: @convention(c) (icalcomponent_kind) -> UnsafePointer<CChar>?
    let icalcomponent_new_clone: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let icaldurationtype_as_int: @convention(c) (icaldurationtype) -> Int32
    let icaldurationtype_is_bad_duration: @convention(c) (icaldurationtype) -> Int32
    let icalmemory_free_buffer: @convention(c) (UnsafeMutableRawPointer?) -> Void
    let icalparameter_as_ical_string_r: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
    let icalparameter_get_related: @convention(c) (OpaquePointer?) -> icalparameter_related
    let icalparameter_get_reltype: @convention(c) (OpaquePointer?) -> icalparameter_reltype
    let icalparameter_get_tzid: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    let icalparameter_get_xlicerrortype: @convention(c) (OpaquePointer?) -> icalparameter_xlicerrortype
    let icalparser_add_line: @convention(c) (OpaquePointer?, UnsafeMutablePointer<CChar>?) -> OpaquePointer?
    let icalparser_free: @convention(c) (OpaquePointer?) -> Void
    let icalparser_get_state: @convention(c) (OpaquePointer?) -> icalparser_state
    let icalparser_new: @convention(c) () -> OpaquePointer?
    let icalproperty_get_acknowledged: @convention(c) (OpaquePointer?) -> icaltimetype
    let icalproperty_get_action: @convention(c) (OpaquePointer?) -> icalproperty_action
    let icalproperty_get_categories: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    let icalproperty_get_color: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    let icalproperty_get_completed: @convention(c) (OpaquePointer?) -> icaltimetype
    let icalproperty_get_created: @convention(c) (OpaquePointer?) -> icaltimetype
    let icalproperty_get_description: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    let icalproperty_get_dtstamp: @convention(c) (OpaquePointer?) -> icaltimetype
    let icalproperty_get_dtstart: @convention(c) (OpaquePointer?) -> icaltimetype
    let icalproperty_get_due: @convention(c) (OpaquePointer?) -> icaltimetype
    let icalproperty_get_recurrenceid: @convention(c) (OpaquePointer?) -> icaltimetype
    let icalproperty_get_first_parameter: @convention(c) (OpaquePointer?, icalparameter_kind) -> OpaquePointer?
    let icalproperty_get_next_parameter: @convention(c) (OpaquePointer?, icalparameter_kind) -> OpaquePointer?
    let icalproperty_get_lastmodified: @convention(c) (OpaquePointer?) -> icaltimetype
    let icalproperty_get_percentcomplete: @convention(c) (OpaquePointer?) -> Int32
    let icalproperty_get_priority: @convention(c) (OpaquePointer?) -> Int32
    let icalproperty_get_relatedto: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    let icalproperty_get_sequence: @convention(c) (OpaquePointer?) -> Int32
    let icalproperty_get_summary: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    let icalproperty_get_trigger: @convention(c) (OpaquePointer?) -> icaltriggertype
    let icalproperty_get_uid: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    let icalproperty_get_url: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    let icalproperty_get_value: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let icalproperty_get_value_as_string_r: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
    let icalproperty_get_x: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    let icalproperty_get_x_name: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    let icalproperty_get_xlicerror: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    let icalproperty_isa: @convention(c) (OpaquePointer?) -> icalproperty_kind
    let icalproperty_kind_to_string: @convention(c) (icalproperty_kind) -> UnsafePointer<CChar>?
    let icalproperty_kind_to_value_kind: @convention(c) (icalproperty_kind) -> icalvalue_kind
    let icalproperty_set_tzid: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Void
    let icalproperty_string_to_kind: @convention(c) (UnsafePointer<CChar>?) -> icalproperty_kind
    let icaltime_from_timet_with_zone: @convention(c) (time_t, Int32, OpaquePointer?) -> icaltimetype
    let icaltime_is_null_time: @convention(c) (icaltimetype) -> Int32
    let icaltime_is_utc: @convention(c) (icaltimetype) -> Int32
    let icaltime_null_time: @convention(c) () -> icaltimetype
    let icaltimezone_free: @convention(c) (OpaquePointer?, Int32) -> Void
    let icaltimezone_get_builtin_timezone: @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
    let icaltimezone_get_component: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let icaltimezone_get_utc_offset: @convention(c) (OpaquePointer?, UnsafeMutablePointer<icaltimetype>?, UnsafeMutablePointer<Int32>?) -> Int32
    let icaltimezone_get_utc_offset_of_utc_time: @convention(c) (OpaquePointer?, UnsafeMutablePointer<icaltimetype>?, UnsafeMutablePointer<Int32>?) -> Int32
    let icaltimezone_get_utc_timezone: @convention(c) () -> OpaquePointer?
    let icaltimezone_new: @convention(c) () -> OpaquePointer?
    let icaltimezone_set_component: @convention(c) (OpaquePointer?, OpaquePointer?) -> Int32
    let icaltimezone_truncate_vtimezone: @convention(c) (OpaquePointer?, icaltimetype, icaltimetype, Int32) -> Void
    let icalvalue_get_text: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    let icalvalue_isa: @convention(c) (OpaquePointer?) -> icalvalue_kind

    private init(library: SharedLibrary) throws(SharedLibraryError) {
        icalcomponent_as_ical_string_r = try library.function("icalcomponent_as_ical_string_r")
        icalcomponent_free = try library.function("icalcomponent_free")
        icalcomponent_get_first_component = try library.function("icalcomponent_get_first_component")
        icalcomponent_get_first_property = try library.function("icalcomponent_get_first_property")
        icalcomponent_get_next_component = try library.function("icalcomponent_get_next_component")
        icalcomponent_get_next_property = try library.function("icalcomponent_get_next_property")
        icalcomponent_isa = try library.function("icalcomponent_isa")
        icalcomponent_kind_to_string = try library.function("icalcomponent_kind_to_string")
        icalcomponent_new_clone = try library.function("icalcomponent_new_clone")
        icaldurationtype_as_int = try library.function("icaldurationtype_as_int")
        icaldurationtype_is_bad_duration = try library.function("icaldurationtype_is_bad_duration")
        icalmemory_free_buffer = try library.function("icalmemory_free_buffer")
        icalparameter_as_ical_string_r = try library.function("icalparameter_as_ical_string_r")
        icalparameter_get_related = try library.function("icalparameter_get_related")
        icalparameter_get_reltype = try library.function("icalparameter_get_reltype")
        icalparameter_get_tzid = try library.function("icalparameter_get_tzid")
        icalparameter_get_xlicerrortype = try library.function("icalparameter_get_xlicerrortype")
        icalparser_add_line = try library.function("icalparser_add_line")
        icalparser_free = try library.function("icalparser_free")
        icalparser_get_state = try library.function("icalparser_get_state")
        icalparser_new = try library.function("icalparser_new")
        icalproperty_get_acknowledged = try library.function("icalproperty_get_acknowledged")
        icalproperty_get_action = try library.function("icalproperty_get_action")
        icalproperty_get_categories = try library.function("icalproperty_get_categories")
        icalproperty_get_color = try library.function("icalproperty_get_color")
        icalproperty_get_completed = try library.function("icalproperty_get_completed")
        icalproperty_get_created = try library.function("icalproperty_get_created")
        icalproperty_get_description = try library.function("icalproperty_get_description")
        icalproperty_get_dtstamp = try library.function("icalproperty_get_dtstamp")
        icalproperty_get_dtstart = try library.function("icalproperty_get_dtstart")
        icalproperty_get_due = try library.function("icalproperty_get_due")
        icalproperty_get_recurrenceid = try library.function("icalproperty_get_recurrenceid")
        icalproperty_get_first_parameter = try library.function("icalproperty_get_first_parameter")
        icalproperty_get_next_parameter = try library.function("icalproperty_get_next_parameter")
        icalproperty_get_lastmodified = try library.function("icalproperty_get_lastmodified")
        icalproperty_get_percentcomplete = try library.function("icalproperty_get_percentcomplete")
        icalproperty_get_priority = try library.function("icalproperty_get_priority")
        icalproperty_get_relatedto = try library.function("icalproperty_get_relatedto")
        icalproperty_get_sequence = try library.function("icalproperty_get_sequence")
        icalproperty_get_summary = try library.function("icalproperty_get_summary")
        icalproperty_get_trigger = try library.function("icalproperty_get_trigger")
        icalproperty_get_uid = try library.function("icalproperty_get_uid")
        icalproperty_get_url = try library.function("icalproperty_get_url")
        icalproperty_get_value = try library.function("icalproperty_get_value")
        icalproperty_get_value_as_string_r = try library.function("icalproperty_get_value_as_string_r")
        icalproperty_get_x = try library.function("icalproperty_get_x")
        icalproperty_get_x_name = try library.function("icalproperty_get_x_name")
        icalproperty_get_xlicerror = try library.function("icalproperty_get_xlicerror")
        icalproperty_isa = try library.function("icalproperty_isa")
        icalproperty_kind_to_string = try library.function("icalproperty_kind_to_string")
        icalproperty_kind_to_value_kind = try library.function("icalproperty_kind_to_value_kind")
        icalproperty_set_tzid = try library.function("icalproperty_set_tzid")
        icalproperty_string_to_kind = try library.function("icalproperty_string_to_kind")
        icaltime_from_timet_with_zone = try library.function("icaltime_from_timet_with_zone")
        icaltime_is_null_time = try library.function("icaltime_is_null_time")
        icaltime_is_utc = try library.function("icaltime_is_utc")
        icaltime_null_time = try library.function("icaltime_null_time")
        icaltimezone_free = try library.function("icaltimezone_free")
        icaltimezone_get_builtin_timezone = try library.function("icaltimezone_get_builtin_timezone")
        icaltimezone_get_component = try library.function("icaltimezone_get_component")
        icaltimezone_get_utc_offset = try library.function("icaltimezone_get_utc_offset")
        icaltimezone_get_utc_offset_of_utc_time = try library.function("icaltimezone_get_utc_offset_of_utc_time")
        icaltimezone_get_utc_timezone = try library.function("icaltimezone_get_utc_timezone")
        icaltimezone_new = try library.function("icaltimezone_new")
        icaltimezone_set_component = try library.function("icaltimezone_set_component")
        icaltimezone_truncate_vtimezone = try library.function("icaltimezone_truncate_vtimezone")
        icalvalue_get_text = try library.function("icalvalue_get_text")
        icalvalue_isa = try library.function("icalvalue_isa")
    }

    /// The table, or why libical could not be opened; tried once per process.
    private static let shared = Result { () throws(SharedLibraryError) in
        try LibICal(library: SharedLibrary(["libical.so.3"], debianPackage: "libical3"))
    }

    /// Opens libical if it is not open yet.
    ///
    /// - Throws: `InterchangeError` (kind `libraryMissing`) when libical.so.3 cannot be
    ///   loaded or lacks a function Tick calls.
    static func load() throws(InterchangeError) {
        if case .failure(let error) = shared {
            throw InterchangeError(kind: .libraryMissing, message: error.description)
        }
    }

    /// The table, for the forwarders; `load()` has been called on every path here.
    fileprivate static var loaded: LibICal { shared.loadedTable }
}

// One forwarder per libical function Tick calls: the same name, parameters and result as
// the declaration in <libical/ical.h> that it shadows.
func icalcomponent_as_ical_string_r(_ component: OpaquePointer!) -> UnsafeMutablePointer<CChar>! { LibICal.loaded.icalcomponent_as_ical_string_r(component) }
func icalcomponent_free(_ component: OpaquePointer!) { LibICal.loaded.icalcomponent_free(component) }
func icalcomponent_get_first_component(_ component: OpaquePointer!, _ kind: icalcomponent_kind) -> OpaquePointer! { LibICal.loaded.icalcomponent_get_first_component(component, kind) }
func icalcomponent_get_first_property(_ component: OpaquePointer!, _ kind: icalproperty_kind) -> OpaquePointer! { LibICal.loaded.icalcomponent_get_first_property(component, kind) }
func icalcomponent_get_next_component(_ component: OpaquePointer!, _ kind: icalcomponent_kind) -> OpaquePointer! { LibICal.loaded.icalcomponent_get_next_component(component, kind) }
func icalcomponent_get_next_property(_ component: OpaquePointer!, _ kind: icalproperty_kind) -> OpaquePointer! { LibICal.loaded.icalcomponent_get_next_property(component, kind) }
func icalcomponent_isa(_ component: OpaquePointer!) -> icalcomponent_kind { LibICal.loaded.icalcomponent_isa(component) }
func icalcomponent_kind_to_string(_ kind: icalcomponent_kind) -> UnsafePointer<CChar>! { LibICal.loaded.icalcomponent_kind_to_string(kind) }
func icalcomponent_new_clone(_ component: OpaquePointer!) -> OpaquePointer! { LibICal.loaded.icalcomponent_new_clone(component) }
func icaldurationtype_as_int(_ duration: icaldurationtype) -> Int32 { LibICal.loaded.icaldurationtype_as_int(duration) }
func icaldurationtype_is_bad_duration(_ duration: icaldurationtype) -> Int32 { LibICal.loaded.icaldurationtype_is_bad_duration(duration) }
func icalmemory_free_buffer(_ buffer: UnsafeMutableRawPointer!) { LibICal.loaded.icalmemory_free_buffer(buffer) }
func icalparameter_as_ical_string_r(_ parameter: OpaquePointer!) -> UnsafeMutablePointer<CChar>! { LibICal.loaded.icalparameter_as_ical_string_r(parameter) }
func icalparameter_get_related(_ parameter: OpaquePointer!) -> icalparameter_related { LibICal.loaded.icalparameter_get_related(parameter) }
func icalparameter_get_reltype(_ parameter: OpaquePointer!) -> icalparameter_reltype { LibICal.loaded.icalparameter_get_reltype(parameter) }
func icalparameter_get_tzid(_ parameter: OpaquePointer!) -> UnsafePointer<CChar>! { LibICal.loaded.icalparameter_get_tzid(parameter) }
func icalparameter_get_xlicerrortype(_ parameter: OpaquePointer!) -> icalparameter_xlicerrortype { LibICal.loaded.icalparameter_get_xlicerrortype(parameter) }
func icalparser_add_line(_ parser: OpaquePointer!, _ line: UnsafeMutablePointer<CChar>!) -> OpaquePointer! { LibICal.loaded.icalparser_add_line(parser, line) }
func icalparser_free(_ parser: OpaquePointer!) { LibICal.loaded.icalparser_free(parser) }
func icalparser_get_state(_ parser: OpaquePointer!) -> icalparser_state { LibICal.loaded.icalparser_get_state(parser) }
func icalparser_new() -> OpaquePointer! { LibICal.loaded.icalparser_new() }
func icalproperty_get_acknowledged(_ property: OpaquePointer!) -> icaltimetype { LibICal.loaded.icalproperty_get_acknowledged(property) }
func icalproperty_get_action(_ property: OpaquePointer!) -> icalproperty_action { LibICal.loaded.icalproperty_get_action(property) }
func icalproperty_get_categories(_ property: OpaquePointer!) -> UnsafePointer<CChar>! { LibICal.loaded.icalproperty_get_categories(property) }
func icalproperty_get_color(_ property: OpaquePointer!) -> UnsafePointer<CChar>! { LibICal.loaded.icalproperty_get_color(property) }
func icalproperty_get_completed(_ property: OpaquePointer!) -> icaltimetype { LibICal.loaded.icalproperty_get_completed(property) }
func icalproperty_get_created(_ property: OpaquePointer!) -> icaltimetype { LibICal.loaded.icalproperty_get_created(property) }
func icalproperty_get_description(_ property: OpaquePointer!) -> UnsafePointer<CChar>! { LibICal.loaded.icalproperty_get_description(property) }
func icalproperty_get_dtstamp(_ property: OpaquePointer!) -> icaltimetype { LibICal.loaded.icalproperty_get_dtstamp(property) }
func icalproperty_get_dtstart(_ property: OpaquePointer!) -> icaltimetype { LibICal.loaded.icalproperty_get_dtstart(property) }
func icalproperty_get_due(_ property: OpaquePointer!) -> icaltimetype { LibICal.loaded.icalproperty_get_due(property) }
func icalproperty_get_recurrenceid(_ property: OpaquePointer!) -> icaltimetype { LibICal.loaded.icalproperty_get_recurrenceid(property) }
func icalproperty_get_first_parameter(_ property: OpaquePointer!, _ kind: icalparameter_kind) -> OpaquePointer! { LibICal.loaded.icalproperty_get_first_parameter(property, kind) }
func icalproperty_get_next_parameter(_ property: OpaquePointer!, _ kind: icalparameter_kind) -> OpaquePointer! { LibICal.loaded.icalproperty_get_next_parameter(property, kind) }
func icalproperty_get_lastmodified(_ property: OpaquePointer!) -> icaltimetype { LibICal.loaded.icalproperty_get_lastmodified(property) }
func icalproperty_get_percentcomplete(_ property: OpaquePointer!) -> Int32 { LibICal.loaded.icalproperty_get_percentcomplete(property) }
func icalproperty_get_priority(_ property: OpaquePointer!) -> Int32 { LibICal.loaded.icalproperty_get_priority(property) }
func icalproperty_get_relatedto(_ property: OpaquePointer!) -> UnsafePointer<CChar>! { LibICal.loaded.icalproperty_get_relatedto(property) }
func icalproperty_get_sequence(_ property: OpaquePointer!) -> Int32 { LibICal.loaded.icalproperty_get_sequence(property) }
func icalproperty_get_summary(_ property: OpaquePointer!) -> UnsafePointer<CChar>! { LibICal.loaded.icalproperty_get_summary(property) }
func icalproperty_get_trigger(_ property: OpaquePointer!) -> icaltriggertype { LibICal.loaded.icalproperty_get_trigger(property) }
func icalproperty_get_uid(_ property: OpaquePointer!) -> UnsafePointer<CChar>! { LibICal.loaded.icalproperty_get_uid(property) }
func icalproperty_get_url(_ property: OpaquePointer!) -> UnsafePointer<CChar>! { LibICal.loaded.icalproperty_get_url(property) }
func icalproperty_get_value(_ property: OpaquePointer!) -> OpaquePointer! { LibICal.loaded.icalproperty_get_value(property) }
func icalproperty_get_value_as_string_r(_ property: OpaquePointer!) -> UnsafeMutablePointer<CChar>! { LibICal.loaded.icalproperty_get_value_as_string_r(property) }
func icalproperty_get_x(_ property: OpaquePointer!) -> UnsafePointer<CChar>! { LibICal.loaded.icalproperty_get_x(property) }
func icalproperty_get_x_name(_ property: OpaquePointer!) -> UnsafePointer<CChar>! { LibICal.loaded.icalproperty_get_x_name(property) }
func icalproperty_get_xlicerror(_ property: OpaquePointer!) -> UnsafePointer<CChar>! { LibICal.loaded.icalproperty_get_xlicerror(property) }
func icalproperty_isa(_ property: OpaquePointer!) -> icalproperty_kind { LibICal.loaded.icalproperty_isa(property) }
func icalproperty_kind_to_string(_ kind: icalproperty_kind) -> UnsafePointer<CChar>! { LibICal.loaded.icalproperty_kind_to_string(kind) }
func icalproperty_kind_to_value_kind(_ kind: icalproperty_kind) -> icalvalue_kind { LibICal.loaded.icalproperty_kind_to_value_kind(kind) }
func icalproperty_set_tzid(_ property: OpaquePointer!, _ tzid: UnsafePointer<CChar>!) { LibICal.loaded.icalproperty_set_tzid(property, tzid) }
func icalproperty_string_to_kind(_ name: UnsafePointer<CChar>!) -> icalproperty_kind { LibICal.loaded.icalproperty_string_to_kind(name) }
func icaltime_from_timet_with_zone(_ time: time_t, _ isDate: Int32, _ zone: OpaquePointer!) -> icaltimetype { LibICal.loaded.icaltime_from_timet_with_zone(time, isDate, zone) }
func icaltime_is_null_time(_ time: icaltimetype) -> Int32 { LibICal.loaded.icaltime_is_null_time(time) }
func icaltime_is_utc(_ time: icaltimetype) -> Int32 { LibICal.loaded.icaltime_is_utc(time) }
func icaltime_null_time() -> icaltimetype { LibICal.loaded.icaltime_null_time() }
func icaltimezone_free(_ zone: OpaquePointer!, _ freeStruct: Int32) { LibICal.loaded.icaltimezone_free(zone, freeStruct) }
func icaltimezone_get_utc_offset(_ zone: OpaquePointer!, _ time: UnsafeMutablePointer<icaltimetype>!, _ isDaylight: UnsafeMutablePointer<Int32>!) -> Int32 {
    LibICal.loaded.icaltimezone_get_utc_offset(zone, time, isDaylight)
}
func icaltimezone_get_utc_offset_of_utc_time(_ zone: OpaquePointer!, _ time: UnsafeMutablePointer<icaltimetype>!,
                                             _ isDaylight: UnsafeMutablePointer<Int32>!) -> Int32 {
    LibICal.loaded.icaltimezone_get_utc_offset_of_utc_time(zone, time, isDaylight)
}
func icaltimezone_get_builtin_timezone(_ location: UnsafePointer<CChar>!) -> OpaquePointer! { LibICal.loaded.icaltimezone_get_builtin_timezone(location) }
func icaltimezone_get_component(_ zone: OpaquePointer!) -> OpaquePointer! { LibICal.loaded.icaltimezone_get_component(zone) }
func icaltimezone_get_utc_timezone() -> OpaquePointer! { LibICal.loaded.icaltimezone_get_utc_timezone() }
func icaltimezone_new() -> OpaquePointer! { LibICal.loaded.icaltimezone_new() }
func icaltimezone_set_component(_ zone: OpaquePointer!, _ component: OpaquePointer!) -> Int32 { LibICal.loaded.icaltimezone_set_component(zone, component) }
func icaltimezone_truncate_vtimezone(_ component: OpaquePointer!, _ start: icaltimetype, _ end: icaltimetype, _ msCompatible: Int32) { LibICal.loaded.icaltimezone_truncate_vtimezone(component, start, end, msCompatible) }
func icalvalue_get_text(_ value: OpaquePointer!) -> UnsafePointer<CChar>! { LibICal.loaded.icalvalue_get_text(value) }
func icalvalue_isa(_ value: OpaquePointer!) -> icalvalue_kind { LibICal.loaded.icalvalue_isa(value) }
