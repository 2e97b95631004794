package schemaapi

// Version is gatehouse's version, as gatehouse.version and `gatehouse version` report it.
const Version = "0.1.0"
