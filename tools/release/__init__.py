# What is built from the tree: the device bundle and its deploy (bundle), and the
# screenshots in docs/ (docs_shots).
