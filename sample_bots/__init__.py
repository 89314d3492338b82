"""Sample bots, written against the ``ruckus`` SDK only, and the registry that names them."""
