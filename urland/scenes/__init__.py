"""The pygame-ce front end: one module per scene, switched by the App's small scene stack."""
