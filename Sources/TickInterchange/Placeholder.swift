import TickModel
