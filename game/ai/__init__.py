"""Monster minds: Dijkstra maps shared by all monsters, and behaviour by role."""
