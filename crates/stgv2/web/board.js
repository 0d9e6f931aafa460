export default function board() {}
