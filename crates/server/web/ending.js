// placeholder: filled by the ending work
