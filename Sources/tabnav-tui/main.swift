print("tabnav-tui")
