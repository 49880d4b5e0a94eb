// Vite turns style imports into the system's one stylesheet.
declare module "*.css";
