# Pocket Tricks console UI: screen logic (plain Python) and thin displayio views.
