"""The screen and the device: layout and camera, colours and fonts, widgets, where labels go,
the map's projection, animations, gestures, the page's size, sound."""
