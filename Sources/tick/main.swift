print("tick")
