import ParleyGTK
print("parley-gtk-demo")
