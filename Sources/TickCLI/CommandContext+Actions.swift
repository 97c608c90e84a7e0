import TickActions
import TickModel

extension CommandContext {
    /// The actions over the store, with this command's clock, zone, locale and default
    /// alarms (read from the environment; the commands that set due dates warn about a
    /// default they cannot read).
    /// - Throws: `CommandError.runtime` when the database cannot be opened.
    func actions() throws(CommandError) -> Actions {
        let defaults = AlarmDefaultsReader(environment: environment).values
        return Actions(store: try store(), context: ActionContext(dateContext: dateContext, alarmDefaults: defaults))
    }
}
