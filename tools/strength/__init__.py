# How strong the bots are: tournaments against each other and an opponent pool written
# apart from them (tournament, pool), and Linger Longer's level 3 judged against level 2.
