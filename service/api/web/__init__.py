"""Static files of the web client (HTML, CSS and JavaScript modules), served at /; no Python."""
