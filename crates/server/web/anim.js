// placeholder: filled by the anim work
