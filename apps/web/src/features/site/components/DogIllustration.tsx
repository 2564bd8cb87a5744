/** A paw print drawn around the origin; `transform` places it. */
function PawPrint({ transform }: { transform: string }) {
  return (
    <g transform={transform}>
      <ellipse cx="0" cy="6" rx="9" ry="7.5" />
      <circle cx="-9" cy="-4" r="3.6" />
      <circle cx="-3" cy="-9" r="3.6" />
      <circle cx="4" cy="-9" r="3.6" />
      <circle cx="10" cy="-4" r="3.6" />
    </g>
  );
}

/** A friendly dog portrait drawn inline (no remote images). Decorative only. */
export function DogIllustration() {
  return (
    <svg viewBox="0 0 320 320" role="presentation" aria-hidden="true" focusable="false">
      <defs>
        <clipPath id="dog-frame">
          <circle cx="160" cy="160" r="150" />
        </clipPath>
        <radialGradient id="dog-bg" cx="50%" cy="40%" r="60%">
          <stop offset="0" stopColor="#ffffff" stopOpacity="0.95" />
          <stop offset="1" stopColor="#fff1e0" stopOpacity="0.9" />
        </radialGradient>
      </defs>
      <circle cx="160" cy="160" r="150" fill="url(#dog-bg)" />
      <g clipPath="url(#dog-frame)">
        {/* body */}
        <ellipse cx="160" cy="318" rx="96" ry="70" fill="#d9873f" />
        <ellipse cx="160" cy="300" rx="38" ry="44" fill="#fbe6cc" />
        {/* ears */}
        <ellipse cx="88" cy="138" rx="30" ry="62" fill="#8a4b22" transform="rotate(24 88 138)" />
        <ellipse cx="232" cy="138" rx="30" ry="62" fill="#8a4b22" transform="rotate(-24 232 138)" />
        {/* head */}
        <ellipse cx="160" cy="160" rx="76" ry="72" fill="#e8a15c" />
        <path d="M160 90 C148 110 146 140 150 170 L170 170 C174 140 172 110 160 90 Z" fill="#f6d7b0" />
        <ellipse cx="160" cy="198" rx="46" ry="34" fill="#fbe6cc" />
        {/* cheeks */}
        <ellipse cx="110" cy="186" rx="10" ry="7" fill="#f783ac" opacity="0.35" />
        <ellipse cx="210" cy="186" rx="10" ry="7" fill="#f783ac" opacity="0.35" />
        {/* eyes */}
        <circle cx="128" cy="152" r="10" fill="#2b1a10" />
        <circle cx="192" cy="152" r="10" fill="#2b1a10" />
        <circle cx="131.5" cy="148.5" r="3.2" fill="#fff" />
        <circle cx="195.5" cy="148.5" r="3.2" fill="#fff" />
        {/* tongue, nose and mouth */}
        <path d="M150 206 C150 226 170 226 170 206 Z" fill="#f06595" />
        <ellipse cx="160" cy="182" rx="15" ry="10.5" fill="#2b1a10" />
        <ellipse cx="155" cy="178.5" rx="4" ry="2.4" fill="#fff" opacity="0.6" />
        <path
          d="M160 192 V202 M160 202 C154 210 144 210 138 203 M160 202 C166 210 176 210 182 203"
          fill="none"
          stroke="#2b1a10"
          strokeWidth="3.2"
          strokeLinecap="round"
        />
        {/* collar and tag */}
        <path d="M98 236 Q160 268 222 236 L226 252 Q160 286 94 252 Z" fill="#12b886" />
        <circle cx="160" cy="276" r="13" fill="#fab005" stroke="#e67700" strokeWidth="2" />
        <g fill="#e67700">
          <ellipse cx="160" cy="280" rx="5" ry="4" />
          <circle cx="153.5" cy="273" r="2" />
          <circle cx="158" cy="270" r="2" />
          <circle cx="162" cy="270" r="2" />
          <circle cx="166.5" cy="273" r="2" />
        </g>
      </g>
      {/* paw prints around the frame */}
      <g fill="#e8590c" opacity="0.28">
        <PawPrint transform="translate(268 58) rotate(20)" />
        <PawPrint transform="translate(34 262) rotate(-18) scale(0.8)" />
      </g>
    </svg>
  );
}
